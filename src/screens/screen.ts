import type { ComponentType } from 'react';
import type { RouteParams } from '../../contract/routes';

/** A screen of the route table: it gets the route's parameters. */
export type Screen = ComponentType<{ params: RouteParams }>;

/** The history state of a redirect to the login page: the route guard writes it, the login page reads it. */
export interface GuardState {
  loginRequired?: boolean;
  /** where the user was going (path, search and hash) */
  from?: string;
}
