import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import type { NotificationKind, PopUpChoices } from '@shared/domain/notification-routing';

/** How many notifications the centre keeps; older ones fall off the end. */
export const NOTIFICATIONS_KEPT = 50;

export interface CentreNotification {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** Where a click takes the user. */
  route: string;
  /** UTC ISO. */
  at: string;
  read: boolean;
}

interface NotificationsState {
  /** Whose notifications these are: another user signing in on this window starts an empty centre. */
  owner: string | null;
  items: CentreNotification[];
  popUps: PopUpChoices;
}

const initialState: NotificationsState = { owner: null, items: [], popUps: {} };

/** The notification centre: what live events told the signed-in user, read or not, and which kinds pop up. */
export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    /** The centre now belongs to `owner`, with that user's saved choices. */
    centreOpened(state, action: PayloadAction<{ owner: string; popUps: PopUpChoices }>) {
      if (state.owner !== action.payload.owner) state.items = [];
      state.owner = action.payload.owner;
      state.popUps = action.payload.popUps;
    },
    notified: {
      reducer(state, action: PayloadAction<CentreNotification>) {
        state.items = [action.payload, ...state.items].slice(0, NOTIFICATIONS_KEPT);
      },
      prepare(input: Omit<CentreNotification, 'id' | 'read'>) {
        return { payload: { ...input, id: nanoid(), read: false } };
      },
    },
    allRead(state) {
      for (const item of state.items) item.read = true;
    },
    popUpChosen(state, action: PayloadAction<{ kind: NotificationKind; popsUp: boolean }>) {
      state.popUps[action.payload.kind] = action.payload.popsUp;
    },
  },
});

export const { centreOpened, notified, allRead, popUpChosen } = notificationsSlice.actions;

type WithNotifications = { notifications: NotificationsState };
export const selectNotifications = (state: WithNotifications) => state.notifications.items;
export const selectUnreadCount = (state: WithNotifications) =>
  state.notifications.items.filter((item) => !item.read).length;
export const selectPopUpChoices = (state: WithNotifications) => state.notifications.popUps;
