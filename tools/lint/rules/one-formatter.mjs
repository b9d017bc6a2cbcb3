/**
 * Dates, times and numbers are written one way, by packages/contract/src/format.ts (formatDateTime,
 * formatDate, formatTime, formatRange, eventTimes, formatRelative, formatNumber, formatMoney,
 * timeZoneLabel, firstDayOfWeek, weekendDays, localTimeZone): each direct use of the browser's or
 * Node's own formatting writes its own style ("11/25/2026, 7:00:00 PM" beside "Wed, Nov 25, 7:00 PM",
 * "1000" beside "1,000"). So the app's source may not call toLocaleString, toLocaleDateString or
 * toLocaleTimeString, nor reach Intl.DateTimeFormat, Intl.NumberFormat or Intl.RelativeTimeFormat
 * (with new, as a call, or as a value). Something format.ts cannot say yet is added there, with a test.
 */
const METHODS = new Set(['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']);
const INTL = new Set(['DateTimeFormat', 'NumberFormat', 'RelativeTimeFormat']);

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
    },
  },
  create(context) {
    return {
      MemberExpression(node) {
        const name = propertyName(node);
        if (!name) return;
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
