/**
 * Dates, times and numbers are written one way, by packages/contract/src/format.ts (formatDateTime,
 * formatDate, formatTime, formatRange, eventTimes, formatRelative, formatNumber, formatMoney,
 * timeZoneLabel, firstDayOfWeek, weekendDays, localTimeZone): each direct use of the browser's or
 * Node's own formatting writes its own style ("11/25/2026, 7:00:00 PM" beside "Wed, Nov 25, 7:00 PM",
 * "1000" beside "1,000"). So the app's source may not call toLocaleString, toLocaleDateString or
 * toLocaleTimeString, nor reach Intl.DateTimeFormat, Intl.NumberFormat or Intl.RelativeTimeFormat
 * (with new, as a call, or as a value), nor write a date for people with a date library's pattern
 * (`dayjs(at).format('D MMM YYYY, HH:mm')`: month or day names, 12- or 24-hour clocks). A pattern that
 * writes only digits for machines (`'YYYY-MM-DD'`, `'HH:mm'` for an input's value) is not for people
 * and passes. Something format.ts cannot say yet is added there, with a test.
 */
const METHODS = new Set(['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']);
const INTL = new Set(['DateTimeFormat', 'NumberFormat', 'RelativeTimeFormat']);
/**
 * Date-library tokens that write for people: names of months and days (MMM, MMMM, ddd, dddd), the
 * 12-hour clock and its AM/PM (h, hh, A, a), ordinal days (Do) and localized formats (L, LL, LT …).
 */
const HUMAN_TOKENS = /MMM|ddd|Do|\bh{1,2}\b|h{1,2}:|\bA\b|\ba\b|\bL{1,4}T?S?\b|\bl{1,4}\b|\bD\s+M/;

/** A string literal (or a template without expressions) passed to `.format(…)`, whatever object it is called on. */
function formatPattern(node) {
  const parent = node.parent;
  if (parent?.type !== 'CallExpression' || parent.callee !== node || propertyName(node) !== 'format') return undefined;
  const arg = parent.arguments[0];
  if (arg?.type === 'Literal' && typeof arg.value === 'string') return arg.value;
  if (arg?.type === 'TemplateLiteral' && arg.expressions.length === 0) return arg.quasis[0].value.cooked;
  return undefined;
}

/** The name of a member's property, whether written `a.b` or `a['b']`. */
function propertyName(node) {
  if (!node.computed && node.property.type === 'Identifier') return node.property.name;
  if (node.computed && node.property.type === 'Literal' && typeof node.property.value === 'string') return node.property.value;
  if (node.computed && node.property.type === 'TemplateLiteral' && node.property.expressions.length === 0) return node.property.quasis[0].value.cooked;
  return undefined;
}

/** `Intl`, `globalThis.Intl`, `window.Intl`, `self.Intl`. */
function isIntl(node) {
  if (node.type === 'Identifier') return node.name === 'Intl';
  return node.type === 'MemberExpression' && propertyName(node) === 'Intl' && node.object.type === 'Identifier' && ['globalThis', 'window', 'self'].includes(node.object.name);
}

export const oneFormatterRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Write dates, times and numbers with packages/contract/src/format.ts, never with toLocale*String or Intl formatters directly.' },
    schema: [],
    messages: {
      method: '{{name}} writes its own style: use the shared formatter in packages/contract/src/format.ts (formatDateTime, formatDate, formatTime, formatRange, formatNumber, formatMoney …).',
      intl: 'Intl.{{name}} directly writes its own style: use the shared formatter in packages/contract/src/format.ts ({{instead}}), and add what it cannot say yet there, with a test.',
      pattern: "The pattern '{{pattern}}' writes a date for people in its own style: use the shared formatter in packages/contract/src/format.ts (formatDateTime, formatDate, formatTime …).",
    },
  },
  create(context) {
    return {
      MemberExpression(node) {
        const name = propertyName(node);
        if (!name) return;
        const pattern = formatPattern(node);
        if (pattern !== undefined && HUMAN_TOKENS.test(pattern.replace(/\[[^\]]*\]/g, ''))) {
          context.report({ node: node.parent.arguments[0], messageId: 'pattern', data: { pattern } });
          return;
        }
        if (METHODS.has(name)) {
          context.report({ node: node.property, messageId: 'method', data: { name } });
        } else if (INTL.has(name) && isIntl(node.object)) {
          const instead = name === 'NumberFormat' ? 'formatNumber, formatMoney' : name === 'RelativeTimeFormat' ? 'formatRelative' : 'formatDateTime, formatDate, formatTime, formatRange, localTimeZone';
          context.report({ node, messageId: 'intl', data: { name, instead } });
        }
      },
    };
  },
};
