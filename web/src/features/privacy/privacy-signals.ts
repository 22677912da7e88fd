import { cookiesBlocked } from './cookie-support';
import { checkThirdPartyCookies } from './third-party-cookies';

// Privacy features a visitor's browser shows to a page: each one changes what the site can do
// (cookies, analytics, third-party requests), so the network test page lists them.

interface PrivacyNavigator extends Navigator {
  brave?: { isBrave(): Promise<boolean> };
  globalPrivacyControl?: boolean;
}

export interface PrivacySignal {
  name: string;
  detected: boolean;
}

export async function detectPrivacySignals(nav: PrivacyNavigator = navigator): Promise<PrivacySignal[]> {
  const [brave, thirdPartyCookies] = await Promise.all([
    nav.brave ? nav.brave.isBrave().catch(() => false) : false,
    checkThirdPartyCookies(),
  ]);
  return [
    { name: 'Brave browser', detected: brave },
    { name: 'Microsoft Edge (tracking prevention)', detected: /\bEdg\//.test(nav.userAgent) },
    { name: 'Firefox (enhanced tracking protection)', detected: /\bFirefox\//.test(nav.userAgent) },
    { name: 'Do Not Track', detected: nav.doNotTrack === '1' },
    { name: 'Global Privacy Control', detected: nav.globalPrivacyControl === true },
    { name: 'Cookies or site data blocked', detected: cookiesBlocked() },
    { name: 'Third-party cookies blocked', detected: thirdPartyCookies === 'blocked' },
  ];
}
