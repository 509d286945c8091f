import { describe, expect, it } from 'vitest';
import { appDeepLink, isMobileDevice } from './mobile-app.ts';

describe('isMobileDevice (spec §2 promo banner, payment pages)', () => {
  it.each([
    ['Android phone', 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36'],
    ['Android tablet', 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'],
    ['iPhone', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'],
    ['iPad', 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1'],
    ['iPod', 'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko)'],
    ['other mobile', 'Mozilla/5.0 (Mobile; rv:48.0) Gecko/48.0 Firefox/48.0 KAIOS/2.5'],
  ])('detects %s', (_name, userAgent) => {
    expect(isMobileDevice(userAgent)).toBe(true);
  });

  it.each([
    ['desktop Chrome', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'],
    ['headless Chromium', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0 Safari/537.36'],
    ['desktop Safari', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'],
    ['Windows Firefox', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0'],
    ['empty', ''],
  ])('does not detect %s', (_name, userAgent) => {
    expect(isMobileDevice(userAgent)).toBe(false);
  });
});

describe('appDeepLink (spec §2 promo banner, /payment-success)', () => {
  it('uses final_redirect_uri only when it has the app scheme', () => {
    expect(appDeepLink('cadence', 'cadence://billing-done')).toBe('cadence://billing-done');
    expect(appDeepLink('cadence', 'https://evil.test/')).toBe('cadence://signup-complete');
    expect(appDeepLink('cadence', null)).toBe('cadence://signup-complete');
    expect(appDeepLink('cadence')).toBe('cadence://signup-complete');
  });
});
