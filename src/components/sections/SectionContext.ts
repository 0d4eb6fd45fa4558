// What sections need from the page around them, given once by the offer page.
import { createContext, useContext } from 'react';

export interface SectionEnvironment {
  /** the operator's map tile template, or null: maps then draw without tiles (see media/mapTiles.ts) */
  tileTemplate: string | null;
  /** whether the visitor is logged in (the "may see details" check of unlockDetails) */
  loggedIn: boolean;
}

export const SectionEnvironmentContext = createContext<SectionEnvironment>({ tileTemplate: null, loggedIn: false });

export const useSectionEnvironment = () => useContext(SectionEnvironmentContext);
