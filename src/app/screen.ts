import type { ComponentType } from 'react';
import type { RouteParams } from '../config/paths';

/** A screen of the route table: it gets the route's parameters. */
export type Screen = ComponentType<{ params: RouteParams }>;
