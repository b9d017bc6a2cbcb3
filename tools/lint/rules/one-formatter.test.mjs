import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import { oneFormatterRule } from './one-formatter.mjs';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 'latest', sourceType: 'module' } });
const method = (name) => ({ messageId: 'method', data: { name } });
const intl = (name) => ({ message: new RegExp(`^Intl\\.${name} directly`) });

tester.run('hubbub/one-formatter', oneFormatterRule, {
  valid: [
    "import { formatDateTime, formatNumber } from '@hubbub/contract'; formatDateTime(start, { timeZone }); formatNumber(total);",
    // Not formatting: comparing, measuring, segmenting, sorting.
    'a.localeCompare(b); new Intl.Segmenter(undefined, { granularity: "grapheme" }); new Intl.Collator("en").compare(a, b); new Intl.PluralRules("en").select(1);',
    'date.toISOString(); date.toString(); n.toFixed(2); String(n);',
    // Names that merely look alike.
    'const toLocaleStringish = 1; obj.DateTimeFormat; other.Intl; myIntl.NumberFormat(1);',
    // Digits for machines (an input's value, a URL parameter), not words for people.
    "dayjs(now).tz(zone).format('YYYY-MM-DD'); dayjs(at).format('YYYY-MM-DDTHH:mm'); d.format('HH:mm:ss'); d.format(`YYYY-MM-DD HH:mm:ss`);",
    // Other things called format.
    "util.format('%s and %d', a, 1); formatter.format(date); d.format(pattern);",
  ],
  invalid: [
    { code: 'total.toLocaleString()', errors: [method('toLocaleString')] },
    { code: "new Date(iso).toLocaleDateString('en-US')", errors: [method('toLocaleDateString')] },
    { code: 'new Date(iso).toLocaleTimeString([], { timeStyle: "short" })', errors: [method('toLocaleTimeString')] },
    { code: 'n["toLocaleString"]()', errors: [method('toLocaleString')] },
    { code: 'list.map(Number.prototype.toLocaleString.call)', errors: [method('toLocaleString')] },
    { code: "new Intl.DateTimeFormat('en-US', { timeZone }).format(date)", errors: [intl('DateTimeFormat')] },
    // Reading the browser's zone goes through localTimeZone() in format.ts.
    { code: 'Intl.DateTimeFormat().resolvedOptions().timeZone', errors: [intl('DateTimeFormat')] },
    { code: "new Intl.NumberFormat(locale, { style: 'currency', currency })", errors: [intl('NumberFormat')] },
    { code: "new Intl.RelativeTimeFormat('en').format(-1, 'day')", errors: [intl('RelativeTimeFormat')] },
    { code: 'const F = Intl.NumberFormat; new F().format(1)', errors: [intl('NumberFormat')] },
    { code: 'new globalThis.Intl.DateTimeFormat()', errors: [intl('DateTimeFormat')] },
    { code: "new window.Intl['NumberFormat']()", errors: [intl('NumberFormat')] },
    // A date library's pattern that writes for people.
    { code: "dayjs(hidden.at).format('D MMM YYYY, HH:mm')", errors: [{ messageId: 'pattern' }] },
    { code: "dayjs(at).format('ddd, MMM D, h:mm A')", errors: [{ messageId: 'pattern' }] },
    { code: "moment(at).format('LLL')", errors: [{ messageId: 'pattern' }] },
    { code: "d.format('h:mm a')", errors: [{ messageId: 'pattern' }] },
    { code: 'd.format(`Do MMMM`)', errors: [{ messageId: 'pattern' }] },
  ],
});
