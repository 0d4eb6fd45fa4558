// Renders `fallback` (nothing by default) when its children throw or a lazy chunk fails to load:
// SPEC §8 "map load failure hides the map".
import { Component, type ReactNode } from 'react';

export class ErrorBoundary extends Component<{ children: ReactNode; fallback?: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch() {
    // The failure is the rendered fallback; nothing to report.
  }
  render() {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}
