// Sets <meta name="description"> while the page is shown and puts the previous one back afterwards.
import { useEffect } from 'react';

export function useMetaDescription(description: string | null): void {
  useEffect(() => {
    if (description === null) return undefined;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    const previous = meta.content;
    meta.content = description;
    return () => {
      if (created) meta!.remove();
      else meta!.content = previous;
    };
  }, [description]);
}
