import { parsePhoneNumber } from 'libphonenumber-js';
import { expect, it } from 'vitest';
import { describeEachDatabase, expectData } from './helpers';

type Node = { content: string; imageUrl: string | null; alt: string; position: number; children: Record<string, Node> };

describeEachDatabase('content calls', {}, (t) => {
  const get = (url: string, language: 'pl' | 'en') => t.app.inject({ method: 'GET', url, headers: { 'content-language': language } });

  it('GET /splash-screen gives the settings row in the request language', async () => {
    const pl = expectData(await get('/api/splash-screen', 'pl'));
    expect(pl).toEqual({
      maintenanceMode: false,
      maintenanceModeTitle: 'Wracamy wkrótce',
      maintenanceModeMessage: expect.stringContaining('Twoje udziały'),
      systemMaintenanceMode: false,
      systemMaintenanceModeTitle: 'Prace techniczne',
      systemMaintenanceModeMessage: expect.stringContaining('aktualizacja'),
      seoTitle: expect.stringContaining('Estate Shares'),
      seoDescription: expect.stringContaining('25%'),
    });
  });

  it('GET /slider gives 3 slides in order: 2 images and a video, buttons differing for guests', async () => {
    const en = expectData(await get('/api/slider', 'en'));
    const pl = expectData(await get('/api/slider', 'pl'));
    expect(en).toHaveLength(3);
    expect(en.map((s: { fileType: string }) => s.fileType).sort()).toEqual(['image', 'image', 'video']);
    expect(en.some((s: { shadowOverlay: boolean }) => s.shadowOverlay)).toBe(true);
    for (const slide of en) {
      expect(Object.keys(slide).sort()).toEqual(
        ['content', 'fileType', 'guestButtonLabel', 'guestButtonUrl', 'id', 'imageUrl', 'loggedUserButtonLabel', 'loggedUserButtonUrl', 'name', 'shadowOverlay'].sort(),
      );
      expect(slide.imageUrl).toMatch(/^\/media\//);
      expect(slide.guestButtonLabel).not.toBe(slide.loggedUserButtonLabel);
    }
    expect(en[0].name).not.toBe(pl[0].name);
    expect(en.map((s: { id: number }) => s.id)).toEqual(pl.map((s: { id: number }) => s.id));
  });

  it('serves every slider and content media file', async () => {
    const slides = expectData(await get('/api/slider', 'en'));
    const content = expectData(await get('/api/static-content', 'en')).content as Record<string, Node>;
    const urls = new Set<string>(slides.map((s: { imageUrl: string }) => s.imageUrl));
    const walk = (nodes: Record<string, Node>) => {
      for (const node of Object.values(nodes)) {
        if (node.imageUrl) urls.add(node.imageUrl);
        walk(node.children);
      }
    };
    walk(content);
    expect(urls.size).toBeGreaterThan(10);
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^(image\/svg\+xml|video\/mp4)/);
      expect(res.rawPayload.length, url).toBeGreaterThan(100);
    }
    expect((await t.app.inject({ method: 'GET', url: '/media/nope.svg' })).statusCode).toBe(404);
  });

  it('GET /static-content gives the documented tree, menus and social icons', async () => {
    const data = expectData(await get('/api/static-content', 'en'));
    const c = data.content as Record<string, Node>;
    expect(Object.keys(c)).toEqual([
      'seo', 'homepage', 'featuredOffers', 'faq', 'about', 'contact', 'cookiePopup', 'footer', 'contactMenu', 'integrations',
    ]);
    expect(Object.keys(c.homepage.children)).toEqual(['intro', 'tiles', 'card', 'listCard', 'sponsorBand']);
    expect(Object.keys(c.featuredOffers.children)).toEqual(['title', 'description', 'buttonText', 'buttonUrl']);
    expect(Object.keys(c.faq.children)).toEqual(['title', 'subtitle', 'buttonText', 'buttonUrl']);
    expect(Object.keys(c.cookiePopup.children)).toEqual(['title', 'description']);
    expect(Object.keys(c.footer.children)).toEqual(['allRightsReserved', 'email', 'clause']);
    expect(Object.keys(c.seo.children)).toEqual(['title', 'description']);
    expect(c.integrations.children.mapsKey.content).toBe('');
    expect(c.integrations.children.analyticsId.content).toBe('');

    const map = c.contact.children.map.children;
    expect(Number(map.latitude.content)).toBeCloseTo(52.23, 1);
    expect(Number(map.longitude.content)).toBeCloseTo(21.01, 1);

    const phone = parsePhoneNumber(c.contactMenu.children.phone.content);
    expect(phone.isValid()).toBe(true);
    expect(phone.country).toBe('PL');

    // The marketing copy says the sponsor always keeps at least 25% ownership.
    expect(JSON.stringify(c.homepage)).toMatch(/at least 25%/);
    expect(c.homepage.children.intro.children.image.imageUrl).toMatch(/^\/media\//);
    expect(c.homepage.children.intro.children.image.alt).not.toBe('');
    expect(c.homepage.children.tiles.position).toBe(2);

    expect(data.menus.header.map((m: { href: string }) => m.href)).toEqual(['offers', 'aboutUs', 'faq', 'contact', 'dashboard']);
    expect(data.menus.header.find((m: { href: string }) => m.href === 'dashboard')).toMatchObject({ isPrivate: true });
    expect(data.menus.header.filter((m: { isPrivate: boolean }) => m.isPrivate)).toHaveLength(1);
    expect(data.menus.footer.map((m: { href: string }) => m.href)).toEqual(['termsOfUse', 'privacyPolicy', 'contact', 'faq']);
    for (const item of [...data.menus.header, ...data.menus.footer]) {
      expect(Object.keys(item).sort()).toEqual(['href', 'id', 'isPrivate', 'title', 'type']);
      expect(['link', 'button']).toContain(item.type);
    }
    expect(data.socialMedia.map((s: { icon: string }) => s.icon)).toEqual(['linkedin', 'facebook', 'twitter', 'instagram', 'youtube']);
    for (const s of data.socialMedia) expect(s.url).toMatch(/^https:\/\//);
  });

  it('translates the content tree and menus', async () => {
    const en = expectData(await get('/api/static-content', 'en'));
    const pl = expectData(await get('/api/static-content', 'pl'));
    expect(en.content.homepage.children.sponsorBand.children.text.content).toMatch(/25%/);
    expect(pl.content.homepage.children.sponsorBand.children.text.content).toMatch(/co najmniej 25%/);
    expect(en.content.cookiePopup.children.title.content).toBe('We use cookies');
    expect(pl.content.cookiePopup.children.title.content).toBe('Używamy plików cookie');
    expect(en.menus.header[0].title).toBe('Investments');
    expect(pl.menus.header[0].title).toBe('Inwestycje');
    expect(pl.content.contactMenu.children.phone.content).toBe(en.content.contactMenu.children.phone.content);
  });
});
