import { PROMO_BANNER_DISMISSED_KEY } from '../constants.ts';

type DismissalStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** localStorage, or null where the browser refuses it (private modes, blocked storage). */
export function browserStorage(): DismissalStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function isPromoBannerDismissed(storage: DismissalStorage | null): boolean {
  try {
    return storage?.getItem(PROMO_BANNER_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function rememberPromoBannerDismissed(storage: DismissalStorage | null): void {
  try {
    storage?.setItem(PROMO_BANNER_DISMISSED_KEY, 'true');
  } catch {
    // Storage full or blocked: the banner stays dismissed for this visit only.
  }
}
