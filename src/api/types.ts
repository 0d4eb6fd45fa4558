// Shapes of the API's answers (docs/api.md). Money is integer grosze everywhere.
import type { Language } from '../config/env';

import type { ApiError, Pagination } from '../../machines/types';

// The envelope's error entry and the pagination block are needed by the machines too: they live below both.
export type { ApiError, Pagination };

export interface Envelope<T> {
  data: T | null;
  errors: ApiError[];
  status: number;
}

export interface Paged<T> {
  items: T[];
  pagination: Pagination;
}

export interface TokenData {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  currentLocale: Language;
}

export interface Address {
  street: string | null;
  city: string | null;
  zip: string | null;
  state: string | null;
  country: string | null;
}

export interface User {
  id: string;
  email: string;
  role: 'investor' | 'operator';
  currentLocale: Language;
  userData: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string | null;
    address: Address;
  };
}

export interface SplashScreen {
  maintenanceMode: boolean;
  maintenanceModeTitle: string;
  maintenanceModeMessage: string;
  systemMaintenanceMode: boolean;
  systemMaintenanceModeTitle: string;
  systemMaintenanceModeMessage: string;
  seoTitle: string;
  seoDescription: string;
}

export interface SliderItem {
  id: string;
  fileType: 'image' | 'video';
  imageUrl: string;
  name: string;
  content: string;
  shadowOverlay: boolean;
  guestButtonLabel: string | null;
  guestButtonUrl: string | null;
  loggedUserButtonLabel: string | null;
  loggedUserButtonUrl: string | null;
}

export interface ContentNode {
  content: string | null;
  imageUrl: string | null;
  alt: string | null;
  position: number;
  children: Record<string, ContentNode>;
}

export interface MenuItem {
  id: string;
  /** a route name of contract/routes.ts, or an absolute http(s) URL */
  href: string;
  title: string;
  type: 'link' | 'button';
  isPrivate: boolean;
}

export interface SocialMediaItem {
  icon: 'linkedin' | 'facebook' | 'twitter' | 'instagram' | 'youtube';
  url: string;
  name: string;
}

export interface StaticContent {
  content: Record<string, ContentNode>;
  menus: { header: MenuItem[]; footer: MenuItem[] };
  socialMedia: SocialMediaItem[];
}
