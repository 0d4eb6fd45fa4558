// The <meta> the server writes on a page whose top it drew as a picture: the modules the app's entry would have
// preloaded, which src/afterPicture.ts preloads once the picture's photos are on screen. A module of its own, so
// that the picture-first script shares nothing with the app's entry but this name.
export const AFTER_PICTURE_META = 'after-picture-modules';
