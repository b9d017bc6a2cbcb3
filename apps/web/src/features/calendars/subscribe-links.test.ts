import { describe, expect, it } from 'vitest';
import { googleSubscribeUrl, outlookSubscribeUrl } from './subscribe-links';

const calendar = {
  name: 'Jazz & blues?',
  feedUrl: 'https://hubbub.example/feeds/abc_DEF-123456789012345.ics',
  webcalUrl: 'webcal://hubbub.example/feeds/abc_DEF-123456789012345.ics',
};

describe('subscribe links', () => {
  it('hands Google the webcal address, encoded', () => {
    const url = googleSubscribeUrl(calendar);
    expect(url).toBe('https://calendar.google.com/calendar/r?cid=webcal%3A%2F%2Fhubbub.example%2Ffeeds%2Fabc_DEF-123456789012345.ics');
    expect(new URL(url).searchParams.get('cid')).toBe(calendar.webcalUrl);
  });

  it('hands Outlook.com the https address and the name, encoded', () => {
    const url = new URL(outlookSubscribeUrl(calendar));
    expect(url.origin + url.pathname).toBe('https://outlook.live.com/calendar/0/addfromweb');
    expect(url.searchParams.get('url')).toBe(calendar.feedUrl);
    expect(url.searchParams.get('name')).toBe('Jazz & blues?');
    expect(outlookSubscribeUrl(calendar)).toContain('&name=Jazz%20%26%20blues%3F');
  });
});
