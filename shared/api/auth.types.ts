import type { BillingStatus, Role } from '../domain/roles';

/** The signed-in user as the API returns it (spec 000 §3). */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
  username: string;
  role: Role;
  tenantId: string | null;
  emailVerified: boolean;
  isAdmin: boolean;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export interface AuthResponse extends TokenPair {
  user: AuthUser;
  tokens: TokenPair;
}

export interface AuthStatusResponse {
  user: AuthUser;
  billingStatus: BillingStatus | null;
  /** True when the server runs the embedded provider sandbox, where admins can place simulated calls. */
  simulatedCalls: boolean;
}
