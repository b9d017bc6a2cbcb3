import { describe, expect, it } from 'vitest';
import {
  GENERIC_INVALID_MESSAGE,
  REQUIRED_MESSAGE,
  mantineValidator,
  namedRules,
  required,
  validateValue,
  type RuleName,
} from './rules';

const samples: Record<RuleName, { valid: string[]; invalid: string[] }> = {
  date: {
    valid: ['2026/01/31', '2024/02/29', '2000/02/29', '2026/12/31', '0001/01/01', '2026/04/30'],
    invalid: [
      '2026/02/30',
      '2026/02/29', // not a leap year
      '1900/02/29', // divisible by 100, not by 400
      '2026/13/01',
      '2026/00/10',
      '2026/01/00',
      '2026/04/31',
      '2026/1/5',
      '26/01/05',
      '2026-01-05',
      '2026/01/05 ',
      ' 2026/01/05',
      '2026/01/05x',
      'abcd/ef/gh',
    ],
  },
  time: {
    valid: ['00:00', '09:05', '12:30', '23:59'],
    invalid: ['24:00', '23:60', '9:05', '09:5', '0905', '09:05:00', '-1:00', '12:30 ', 'ab:cd', '99:99'],
  },
  fulltime: {
    valid: ['00:00:00', '23:59:59', '12:30:15'],
    invalid: ['24:00:00', '23:60:00', '23:59:60', '12:30', '12:30:5', '12:30:15:00', '12-30-15'],
  },
  timeOrFulltime: {
    valid: ['00:00', '23:59', '00:00:00', '23:59:59'],
    invalid: ['24:00', '24:00:00', '12:30:', '12:3', '12:30:60', 'noon'],
  },
  email: {
    valid: [
      'a@b.co',
      'first.last@example.com',
      'user+tag@sub.example.org',
      "o'brien@example.ie",
      'UPPER@EXAMPLE.COM',
      'x_y-z@my-domain.io',
    ],
    invalid: [
      'plain',
      '@example.com',
      'user@',
      'user@example',
      'user@@example.com',
      'us er@example.com',
      'user@exa mple.com',
      '.user@example.com',
      'user.@example.com',
      'us..er@example.com',
      'user@-example.com',
      'user@example-.com',
      'user@example..com',
      'user@.example.com',
      'user@example.com.',
      'user@example.com ',
    ],
  },
  hexColor: {
    valid: ['#fff', '#FFF', '#a1b2c3', '#A1B2C3', '#000000'],
    invalid: ['fff', '#ff', '#ffff', '#fffff', '#fffffff', '#ffffffff', '#ggg', '# fff', '#fff '],
  },
  hexaColor: {
    valid: ['#ffff', '#0000', '#a1b2c3d4', '#A1B2C3D4'],
    invalid: ['#fff', '#ffffff', '#fffff', '#fffffffff', '#ffgg', 'ffff', '#a1b2c3d'],
  },
  rgbColor: {
    valid: ['rgb(0,0,0)', 'rgb(255,255,255)', 'rgb(12, 34, 56)', 'rgb( 1 , 2 , 3 )', 'RGB(1,2,3)'],
    invalid: [
      'rgb(256,0,0)',
      'rgb(0,0,300)',
      'rgb(-1,0,0)',
      'rgb(0,0)',
      'rgb(0,0,0,0)',
      'rgb(1.5,2,3)',
      'rgb(1000,2,3)',
      'rgb 1,2,3',
      'rgba(1,2,3,1)',
      'rgb(1,2,3',
    ],
  },
  rgbaColor: {
    valid: [
      'rgba(0,0,0,0)',
      'rgba(255,255,255,1)',
      'rgba(12, 34, 56, 0.5)',
      'rgba(1,2,3,.25)',
      'rgba(1,2,3,1.0)',
      'rgba( 1 , 2 , 3 , 0.75 )',
    ],
    invalid: [
      'rgba(0,0,0,1.5)',
      'rgba(0,0,0,2)',
      'rgba(0,0,0,1.01)',
      'rgba(0,0,0,-0.5)',
      'rgba(256,0,0,0.5)',
      'rgba(0,0,0)',
      'rgba(0,0,0,)',
      'rgba(0,0,0,0.5,1)',
      'rgba(0,0,0,50%)',
      'rgb(0,0,0,0.5)',
    ],
  },
  anyColor: {
    valid: ['#fff', '#ffff', '#ffffff', '#ffffffff', 'rgb(1,2,3)', 'rgba(1,2,3,0.4)'],
    invalid: ['#fffff', 'red', 'rgb(256,0,0)', 'rgba(0,0,0,1.5)', 'hsl(0,0%,0%)', '#'],
  },
};

describe('namedRules', () => {
  for (const [name, { valid, invalid }] of Object.entries(samples) as [
    RuleName,
    (typeof samples)[RuleName],
  ][]) {
    describe(name, () => {
      it.each(valid)('accepts %j', (value) => {
        expect(namedRules[name](value)).toBe(true);
      });
      it.each(invalid)('rejects %j with a message', (value) => {
        const result = namedRules[name](value);
        expect(typeof result).toBe('string');
        expect((result as string).length).toBeGreaterThan(5);
      });
      it('treats an empty value as valid (presence is for `required`)', () => {
        expect(namedRules[name]('')).toBe(true);
      });
    });
  }

  it('tells the user the expected date format', () => {
    expect(namedRules.date('2026/02/30')).toBe('Enter a date as YYYY/MM/DD.');
  });

  it('covers every rule name with samples', () => {
    expect(Object.keys(samples).sort()).toEqual(Object.keys(namedRules).sort());
  });
});

describe('required', () => {
  const rule = required();
  it.each([null, undefined, '', '   ', '\n\t', [], false, Number.NaN])('rejects %j', (value) => {
    expect(rule(value)).toBe(REQUIRED_MESSAGE);
  });
  it.each(['a', ' a ', 0, 42, true, ['x'], {}, new Date(0)])('accepts %j', (value) => {
    expect(rule(value)).toBe(true);
  });
  it('uses a custom message', () => {
    expect(required('Name please.')('')).toBe('Name please.');
  });
});

describe('validateValue', () => {
  it('returns null when there are no rules', () => {
    expect(validateValue('anything', [])).toBeNull();
  });

  it('returns null when every rule passes', () => {
    expect(validateValue('12:30', [required(), 'time', (v) => v !== '00:00'])).toBeNull();
  });

  it('returns the first failing message, in rule order', () => {
    expect(validateValue('', [required('First.'), () => 'Second.'])).toBe('First.');
    expect(validateValue('x', [() => true, () => 'Second.', () => 'Third.'])).toBe('Second.');
  });

  it('stops at the first failure without running later rules', () => {
    let ran = false;
    validateValue('x', [
      () => 'Stop.',
      () => {
        ran = true;
        return true;
      },
    ]);
    expect(ran).toBe(false);
  });

  it('gives a generic message for a rule returning false', () => {
    expect(validateValue('x', [() => false])).toBe(GENERIC_INVALID_MESSAGE);
  });

  it('gives a generic message for a rule returning an empty string', () => {
    expect(validateValue('x', [() => ''])).toBe(GENERIC_INVALID_MESSAGE);
  });

  it('lets an empty value through named rules but not through required', () => {
    expect(validateValue('', ['email'])).toBeNull();
    expect(validateValue('', [required(), 'email'])).toBe(REQUIRED_MESSAGE);
  });

  it('treats null and undefined as empty for named rules', () => {
    expect(validateValue(null, ['date'])).toBeNull();
    expect(validateValue(undefined, ['anyColor'])).toBeNull();
  });

  it('checks non-string values against named rules by their text', () => {
    expect(validateValue(1234, ['time'])).toBe('Enter a time as HH:MM.');
    expect(validateValue({}, ['email'])).toBe('Enter a valid email address.');
  });

  it('passes the raw value to function rules', () => {
    const seen: unknown[] = [];
    validateValue(7, [(v) => (seen.push(v), true)]);
    expect(seen).toEqual([7]);
  });

  it('throws on an unknown rule name from untyped code', () => {
    expect(() => validateValue('x', ['nope' as RuleName])).toThrow(/Unknown validation rule "nope"/);
  });
});

describe('mantineValidator', () => {
  it('returns null or the message, ignoring the extra arguments @mantine/form passes', () => {
    const validate = mantineValidator([required(), 'hexColor']) as (
      value: unknown,
      values: unknown,
      path: string,
    ) => string | null;
    expect(validate('#abc', {}, 'color')).toBeNull();
    expect(validate('', {}, 'color')).toBe(REQUIRED_MESSAGE);
    expect(validate('#abcd', {}, 'color')).toBe('Enter a colour as #rgb or #rrggbb.');
  });
});
