import type { Plugin } from 'vite';
export function bundleReport(): Plugin;
