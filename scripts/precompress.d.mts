import type { Plugin } from 'vite';
export function precompressDir(dir: string): Promise<{ files: number; bytes: number; br: number; gz: number }>;
export function precompress(): Plugin;
