/** Is this request URL one of the API's (`/api`, `/api/…`, `/api?…`)? Its answers are the envelope, not pages. */
export const isApiUrl = (url: string) => url.startsWith('/api/') || url === '/api' || url.startsWith('/api?');
