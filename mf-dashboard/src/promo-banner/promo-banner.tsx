import { appDeepLink, getConfig, isMobileDevice, openDeepLink } from '@cadence/shared-auth';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from '@cadence/shared-router';
import { Button } from '@cadence/shared-ui';
import { DEEP_LINK_FALLBACK_PATH, PROMO_BANNER_TEXT } from '../constants.ts';
import { openAppUrl } from './open-app-url.ts';
import { browserStorage, isPromoBannerDismissed, rememberPromoBannerDismissed } from './promo-banner-dismissal.ts';
import './promo-banner.css';

/** spec §2 Dashboard: 'Get the Cadence App' with Open App, on mobile-detected devices only, dismissible. */
export function PromoBanner() {
  const [shown, setShown] = useState(
    () => isMobileDevice(navigator.userAgent) && !isPromoBannerDismissed(browserStorage()),
  );
  const navigate = useNavigate();
  const cancelDeepLink = useRef<(() => void) | null>(null);
  const titleId = useId();

  useEffect(() => () => cancelDeepLink.current?.(), []);

  if (!shown) return null;

  const openApp = () => {
    cancelDeepLink.current?.();
    cancelDeepLink.current = openDeepLink({
      url: appDeepLink(getConfig().mobileAppScheme),
      fallback: DEEP_LINK_FALLBACK_PATH,
      navigate: (target) => (target === DEEP_LINK_FALLBACK_PATH ? navigate(target) : openAppUrl(target)),
      timers: window,
    });
  };

  const dismiss = () => {
    rememberPromoBannerDismissed(browserStorage());
    setShown(false);
  };

  return (
    <section className="dash-promo" aria-labelledby={titleId}>
      <div className="dash-promo-text">
        <p className="dash-promo-title" id={titleId}>
          {PROMO_BANNER_TEXT.title}
        </p>
        <p className="dash-promo-body">{PROMO_BANNER_TEXT.body}</p>
      </div>
      <div className="dash-promo-actions">
        <Button variant="primary" size="sm" onClick={openApp}>
          {PROMO_BANNER_TEXT.open}
        </Button>
        <Button variant="quiet" size="sm" onClick={dismiss}>
          {PROMO_BANNER_TEXT.dismiss}
        </Button>
      </div>
    </section>
  );
}
