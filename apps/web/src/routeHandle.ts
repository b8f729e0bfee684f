/**
 * The `handle` every route of the route table (routes.tsx, spec p2 §2) declares about itself.
 */

/** Header menu entry of a route (spec p2 §2 "Header and role menus"). */
export interface MenuHandle {
  /** Menu text. */
  label: string;
  /** Position, ascending. */
  order: number;
  /** Stored ROLE values for which the entry is hidden (e.g. ['2'] for company members). */
  hideForRoles?: readonly string[];
  /** Where the entry shows: the top navigation ('main', default) or the account drop-down ('account'). */
  area?: MenuArea;
  /** Only for this account type (userInfo.status: 1 personal, 2 company), e.g. /member for companies. */
  accountType?: 1 | 2;
  /** true: only once real-name verification passed (userStatus 3); false: only before it did. */
  verified?: boolean;
  /** Shown only while logged in (e.g. the /overview dashboard). */
  loggedInOnly?: boolean;
  /** Shown only to notary users (userInfo.notary: staff of a notary office, issue 15). */
  notaryOnly?: boolean;
}

/** The two menus of the header (spec p2 §2): the top navigation and the account drop-down. */
export type MenuArea = 'main' | 'account';

/** What each route declares about itself. */
export interface RouteHandle {
  /** Document title (the site name is appended). */
  title?: string;
  /** Login required: logged-out visitors go to `/login?redirect=<full path>`. */
  auth?: boolean;
  /** Stored ROLE values allowed; absent = every role. */
  roles?: readonly string[];
  /** Header menu entry. */
  menu?: MenuHandle;
  /**
   * Issue 16 (first screen prerendered): the build renders this route's first screen (layout and page,
   * logged out) into its own HTML, so it paints before any JavaScript. Only for pages whose first client
   * render uses no antd and reads no browser state while rendering. Static pages are rendered without data;
   * a route with a URL parameter whose page has a slot template (the data certificate, round 4b:
   * pages/certificate/shared/template.ts) is rendered as a template that the server fills from the answer
   * it embeds (docs/architecture.md, "first screen is filled into a build-time template").
   */
  prerender?: boolean;
}

/** Narrows an unknown route handle (routes without one give `{}`). */
export const asHandle = (h: unknown): RouteHandle => (h && typeof h === 'object' ? (h as RouteHandle) : {});

/** A header menu entry collected from the route table (routes.tsx `menuEntries`). */
export interface MenuEntry {
  path: string;
  label: string;
  order: number;
  hideForRoles?: readonly string[];
  auth: boolean;
  area?: MenuArea;
  accountType?: 1 | 2;
  verified?: boolean;
  loggedInOnly?: boolean;
  notaryOnly?: boolean;
}
