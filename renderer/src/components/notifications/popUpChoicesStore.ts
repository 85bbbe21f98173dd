import { NOTIFICATION_KINDS, type PopUpChoices } from '@shared/domain/notification-routing';

const keyOf = (userId: string) => `parley.notifications.${userId}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** A user's saved choices of which kinds pop up, on this browser or console; none when nothing readable is saved. */
export function loadPopUpChoices(userId: string): PopUpChoices {
  try {
    const saved = JSON.parse(storage()?.getItem(keyOf(userId)) ?? '{}') as Record<string, unknown>;
    return Object.fromEntries(
      NOTIFICATION_KINDS.filter((kind) => typeof saved[kind] === 'boolean').map((kind) => [kind, saved[kind]]),
    ) as PopUpChoices;
  } catch {
    return {};
  }
}

export function savePopUpChoices(userId: string, choices: PopUpChoices): void {
  try {
    storage()?.setItem(keyOf(userId), JSON.stringify(choices));
  } catch {
    // A browser that refuses storage keeps the choice for this window only.
  }
}
