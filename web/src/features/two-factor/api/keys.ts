export const twoFactorKeys = {
  all: ['two-factor'] as const,
  factors: (userId: string) => [...twoFactorKeys.all, 'factors', userId] as const,
  settings: (userId: string) => [...twoFactorKeys.all, 'settings', userId] as const,
  /** One check per access token: a new token (refresh, aal2) checks again. */
  check: (name: 'assurance' | 'required', sessionId: string, accessToken: string) =>
    [...twoFactorKeys.all, name, sessionId, accessToken] as const,
}
