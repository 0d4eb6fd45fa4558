// What a video section's url plays (SPEC §2): a url containing the mixcloud host is an audio embed (a
// local audio file plays in <audio>, a mixcloud.com page in mixcloud's player); YouTube links embed
// YouTube's player; anything else is a video file for <video>.
export type MediaKind = 'mixcloudEmbed' | 'audio' | 'youtube' | 'video';

const AUDIO_FILE = /\.(mp3|ogg|oga|wav|m4a|aac|flac|opus)(\?|#|$)/i;

export function isMixcloud(url: string): boolean {
  return /mixcloud/i.test(url);
}

export function isLocal(url: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !url.startsWith('//');
}

export function mediaKind(url: string): MediaKind {
  if (isMixcloud(url)) return isLocal(url) || AUDIO_FILE.test(url) ? 'audio' : 'mixcloudEmbed';
  if (AUDIO_FILE.test(url)) return 'audio';
  if (/(^|\/\/)(www\.)?(youtube\.com|youtu\.be)\//i.test(url)) return 'youtube';
  return 'video';
}

export function mixcloudEmbedUrl(url: string, autoPlay: boolean): string {
  const path = url.replace(/^https?:\/\/(www\.)?mixcloud\.com/i, '');
  return `https://player-widget.mixcloud.com/widget/iframe/?hide_cover=1&feed=${encodeURIComponent(path)}${autoPlay ? '&autoplay=1' : ''}`;
}

export function youtubeEmbedUrl(url: string, autoPlay: boolean): string {
  const m = /(?:v=|youtu\.be\/|embed\/)([\w-]{6,})/.exec(url);
  const id = m?.[1] ?? '';
  return `https://www.youtube-nocookie.com/embed/${id}${autoPlay ? '?autoplay=1&mute=1' : ''}`;
}
