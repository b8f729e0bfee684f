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
}

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
}
