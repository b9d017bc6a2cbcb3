import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Problem, ProblemCode } from '@hubbub/contract';
import { AppError } from './app-error.js';

export function problem(status: number, code: ProblemCode, title: string, detail?: string, errors?: Record<string, string[]>): Problem {
  return { status, code, title, ...(detail ? { detail } : {}), ...(errors ? { errors } : {}) };
}

export const problemOf = (error: AppError): Problem => ({ ...problem(error.status, error.code, error.title, error.detail, error.errors), ...error.extensions });

/**
 * Answers on a raw socket, where no Fastify reply exists (a refused WebSocket upgrade, a
 * request Node's parser refused), then closes it.
 */
export function writeProblem(socket: Duplex, body: Problem, headers: Record<string, string> = {}): void {
  const json = JSON.stringify(body);
  const lines = [
    `HTTP/1.1 ${body.status} ${STATUS_CODES[body.status] ?? 'Error'}`,
    'Connection: close',
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(json)}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.end(`${lines.join('\r\n')}\r\n\r\n${json}`);
}
