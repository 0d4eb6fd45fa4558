import type { Plugin } from 'vite';
export function stripMachineDescriptions(): Plugin;
