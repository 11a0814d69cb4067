// The session as the API's calls see it: the bearer token to send, and what to do when the server
// refuses it. The session (state/session.ts) calls the API to sign in and out, so the API layer
// may not import it back: the session connects itself here when its module starts.
export interface SessionLink {
  token(): string | null;
  refused(): Promise<void>;
}

let link: SessionLink = { token: () => null, refused: async () => undefined };

export function connectSession(session: SessionLink): void {
  link = session;
}

export const sessionToken = (): string | null => link.token();
export const refuseSession = (): Promise<void> => link.refused();
