import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthUser, TokenPair } from '@shared/api/auth.types';
import { isAdminRole, isBillingUsable, ROLES, type Role } from '@shared/domain/roles';
import type { StoredSession } from '../platform';
import { decodeAccessToken } from './jwt';

/** restoring: reading the stored session and loading the profile; the frame shows its spinner meanwhile. */
export type SessionStatus = 'restoring' | 'authenticated' | 'anonymous';
export type SessionEndReason = 'logout' | 'expired' | 'elsewhere';

export interface SessionState {
  status: SessionStatus;
  accessToken: string | null;
  refreshToken: string | null;
  user: AuthUser | null;
  /** The tenant's billing status: from the profile on start, then from each new access token. */
  billingStatus: string | null;
  endedReason: SessionEndReason | null;
}

const initialState: SessionState = {
  status: 'restoring',
  accessToken: null,
  refreshToken: null,
  user: null,
  billingStatus: null,
  endedReason: null,
};

function billingStatusOf(token: string, fallback: string | null): string | null {
  const claims = decodeAccessToken(token);
  return claims && 'bst' in claims ? (claims.bst ?? null) : fallback;
}

/**
 * The signed-in user's role as the current access token carries it. A refreshed token is the first to know of a role
 * change (the old one stops working when the role changes), so the screens follow it without a reload.
 */
function adoptTokenRole(state: SessionState): void {
  const role = decodeAccessToken(state.accessToken)?.role;
  if (!state.user || !(ROLES as readonly unknown[]).includes(role)) return;
  state.user.role = role as Role;
  state.user.isAdmin = isAdminRole(role as Role);
}

function clear(state: SessionState, reason: SessionEndReason | null): void {
  Object.assign(state, initialState, { status: 'anonymous', endedReason: reason });
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    storedSessionLoaded(state, action: PayloadAction<StoredSession | null>) {
      const stored = action.payload;
      if (!stored) {
        clear(state, null);
        return;
      }
      state.accessToken = stored.accessToken;
      state.refreshToken = stored.refreshToken;
      state.user = stored.user;
      state.billingStatus = billingStatusOf(stored.accessToken, null);
    },
    signedIn(state, action: PayloadAction<TokenPair & { user: AuthUser }>) {
      const { accessToken, refreshToken, user } = action.payload;
      Object.assign(state, {
        status: 'authenticated',
        accessToken,
        refreshToken,
        user,
        billingStatus: billingStatusOf(accessToken, null),
        endedReason: null,
      });
    },
    tokensRefreshed(state, action: PayloadAction<TokenPair>) {
      state.accessToken = action.payload.accessToken;
      state.refreshToken = action.payload.refreshToken;
      state.billingStatus = billingStatusOf(action.payload.accessToken, state.billingStatus);
      adoptTokenRole(state);
    },
    profileLoaded(state, action: PayloadAction<{ user: AuthUser; billingStatus: string | null }>) {
      state.status = 'authenticated';
      state.user = action.payload.user;
      state.billingStatus = action.payload.billingStatus;
    },
    /** The profile could not be loaded (server unreachable): carry on with the stored user. */
    profileUnavailable(state) {
      if (state.user && state.accessToken) state.status = 'authenticated';
      else clear(state, null);
    },
    emailVerified(state) {
      if (state.user) state.user.emailVerified = true;
    },
    sessionEnded(state, action: PayloadAction<SessionEndReason>) {
      clear(state, action.payload);
    },
    /** Another tab or window changed the stored session. */
    sessionSynced(state, action: PayloadAction<StoredSession | null>) {
      const stored = action.payload;
      if (!stored) {
        if (state.accessToken) clear(state, 'elsewhere');
        return;
      }
      if (stored.accessToken === state.accessToken && stored.refreshToken === state.refreshToken) return;
      state.accessToken = stored.accessToken;
      state.refreshToken = stored.refreshToken;
      state.billingStatus = billingStatusOf(stored.accessToken, state.billingStatus);
      if (stored.user) state.user = stored.user;
      adoptTokenRole(state);
      if (state.status === 'anonymous' && stored.user) {
        state.status = 'authenticated';
        state.endedReason = null;
      }
    },
  },
});

export const {
  storedSessionLoaded,
  signedIn,
  tokensRefreshed,
  profileLoaded,
  profileUnavailable,
  emailVerified,
  sessionEnded,
  sessionSynced,
} = sessionSlice.actions;

type WithSession = { session: SessionState };

export const selectSession = (state: WithSession) => state.session;
export const selectSessionStatus = (state: WithSession) => state.session.status;
export const selectAccessToken = (state: WithSession) => state.session.accessToken;
export const selectCurrentUser = (state: WithSession) => state.session.user;

/** The billing gate's question (spec 000 §4): must this signed-in tenant member finish billing setup first? */
export const selectNeedsBillingSetup = (state: WithSession): boolean => {
  const { status, user, billingStatus } = state.session;
  if (status !== 'authenticated' || !user?.tenantId) return false;
  return !isBillingUsable(billingStatus ?? 'unknown');
};
