// The home page lives with the public-site feature (src/features/public/HomePage.tsx).
export { HomePage } from '../features/public/HomePage';
