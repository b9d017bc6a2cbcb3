import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** axe-core's serious and critical findings inside `selector`, one line each (empty when it passes). */
export async function axe(page: Page, selector: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include(selector).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
