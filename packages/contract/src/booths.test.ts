import { describe, expect, it } from 'vitest';
import {
  aspectCrop,
  boothGroupOf,
  groupBooths,
  socialUrl,
  updateBoothRequest,
  uploadBoothImageRequest,
} from './booths';
import { boothVideo } from './booths-documents';
import { safeLink } from './booths-links';
import {
  assignableRolesFor,
  BOOTH_MEMBERS_SHOWN,
  canLeaveBooth,
  canManageBooth,
  canManageMember,
} from './booths-team';

const booth = (id: number, boothType: string) => ({ id, boothType });

describe('booth team display', () => {
  it('E9.40 six team members show in the booth modal and nine on the booth page before "show all"', () => {
    expect(BOOTH_MEMBERS_SHOWN).toEqual({ modal: 6, page: 9 });
  });
});

describe('expo grouping', () => {
  it('A2.67 E3.18 sponsor and partner have their own section, every other type is a booth', () => {
    expect(boothGroupOf('sponsor')).toBe('sponsor');
    expect(boothGroupOf('Partner ')).toBe('partner');
    expect(boothGroupOf('exhibitor')).toBe('booth');
    expect(boothGroupOf('')).toBe('booth');
  });

  it('A2.67 A2.71 E1.02 sections follow the visible tabs, keep the list order and skip empty ones', () => {
    const list = [booth(1, 'exhibitor'), booth(2, 'sponsor'), booth(3, 'exhibitor'), booth(4, 'partner')];
    const all = ['participant', 'agenda', 'sponsor', 'partner', 'booth', 'lobby'];
    expect(groupBooths(list, all).map((s) => [s.group, s.booths.map((b) => b.id)])).toEqual([
      ['sponsor', [2]],
      ['partner', [4]],
      ['booth', [1, 3]],
    ]);
    // A tab the viewer cannot see hides its section; the tab order decides the section order.
    expect(groupBooths(list, ['booth', 'sponsor']).map((s) => s.group)).toEqual(['booth', 'sponsor']);
    expect(groupBooths([booth(1, 'exhibitor')], all).map((s) => s.group)).toEqual(['booth']);
    expect(groupBooths(list, ['participant'])).toEqual([]);
  });
});

describe('booth team roles', () => {
  it('A6.03 E3.23 the owner assigns user and admin, an admin only user, others nothing', () => {
    expect(assignableRolesFor('owner')).toEqual(['user', 'admin']);
    expect(assignableRolesFor('admin')).toEqual(['user']);
    expect(assignableRolesFor('user')).toEqual([]);
    expect(assignableRolesFor('not_confirmed')).toEqual([]);
    expect(assignableRolesFor(null)).toEqual([]);
    expect(canManageBooth('admin')).toBe(true);
    expect(canManageBooth('user')).toBe(false);
  });

  it('E7.38 E7.39 nobody manages the owner; only the owner manages admins', () => {
    expect(canManageMember('owner', { role: 'owner' })).toBe(false);
    expect(canManageMember('owner', { role: 'admin' })).toBe(true);
    expect(canManageMember('admin', { role: 'admin' })).toBe(false);
    expect(canManageMember('admin', { role: 'user' })).toBe(true);
    expect(canManageMember('admin', { role: 'not_confirmed', pendingRole: 'user' })).toBe(true);
    expect(canManageMember('admin', { role: 'not_confirmed', pendingRole: 'admin' })).toBe(false);
    expect(canManageMember('user', { role: 'user' })).toBe(false);
    expect(canLeaveBooth('user')).toBe(true);
    expect(canLeaveBooth('owner')).toBe(false);
    expect(canLeaveBooth(null)).toBe(false);
  });
});

describe('booth images', () => {
  it('A9.08 crops a banner to 1260:250 from the centre, at most 1260 wide', () => {
    expect(aspectCrop(2000, 800, 'banner')).toMatchObject({ sw: 2000, sh: 396, width: 1260, height: 250 });
    expect(aspectCrop(2520, 1000, 'banner')).toEqual({
      sx: 0,
      sy: 250,
      sw: 2520,
      sh: 500,
      width: 1260,
      height: 250,
    });
    expect(aspectCrop(630, 600, 'banner')).toEqual({
      sx: 0,
      sy: 237,
      sw: 630,
      sh: 125,
      width: 630,
      height: 125,
    });
  });

  it('A9.09 crops a logo to a centred square of at most 700×700', () => {
    expect(aspectCrop(1600, 900, 'logo')).toEqual({
      sx: 350,
      sy: 0,
      sw: 900,
      sh: 900,
      width: 700,
      height: 700,
    });
    expect(aspectCrop(300, 400, 'logo')).toEqual({
      sx: 0,
      sy: 50,
      sw: 300,
      sh: 300,
      width: 300,
      height: 300,
    });
  });

  it('E5.27 the upload takes a jpeg or png data URL only', () => {
    const base = { eventId: 1, id: 2, kind: 'logo' };
    expect(uploadBoothImageRequest.safeParse({ ...base, image: 'data:image/png;base64,AAAA' }).success).toBe(
      true,
    );
    const gif = uploadBoothImageRequest.safeParse({ ...base, image: 'data:image/gif;base64,AAAA' });
    expect(gif.error?.issues[0]?.message).toBe('account.photo.type');
    expect(
      uploadBoothImageRequest.safeParse({ ...base, kind: 'side', image: 'data:image/png;base64,A' }).success,
    ).toBe(false);
  });
});

describe('booth documents', () => {
  it('E2.56 follows web links and own paths only', () => {
    expect(safeLink('https://acme.example/brochure.pdf')).toBe('https://acme.example/brochure.pdf');
    expect(safeLink('/uploads/x.pdf')).toBe('/uploads/x.pdf');
    expect(safeLink('javascript:alert(1)')).toBeNull();
    expect(safeLink('//evil.example/x')).toBeNull();
    // A browser reads a backslash as a slash and drops tabs: "/\evil.example" is "//evil.example", another site.
    expect(safeLink('/\\evil.example/x')).toBeNull();
    expect(safeLink('/\t/evil.example/x')).toBeNull();
    expect(safeLink('data:text/html,hi')).toBeNull();
  });

  it('E7.34 the booth form refuses document links that are not web addresses', () => {
    const base = { eventId: 1, id: 2 };
    const bad = updateBoothRequest.safeParse({
      ...base,
      documents: [{ name: 'x', url: 'javascript:alert(1)', type: 'document' }],
    });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['documents.0.url', 'expo.form.error.link'],
    ]);
    const ok = updateBoothRequest.safeParse({
      ...base,
      documents: [{ name: 'Intro', url: '/uploads/a.mp4', type: 'bvideo' }],
      some: { linkedin: 'acme', twitter: '' },
    });
    expect(ok.success).toBe(true);
  });

  it('E3.17, E7.34 the booth website is empty, null or a web address, else validation.error.url', () => {
    const parse = (website: string | null) => updateBoothRequest.safeParse({ eventId: 1, id: 2, website });
    expect(parse(null).success).toBe(true);
    expect(parse('').success).toBe(true);
    expect(parse('acme.example').success).toBe(true);
    expect(parse('https://acme.example/stand').success).toBe(true);
    for (const bad of [
      'Designing event tools',
      'http://Designing event tools',
      'acme',
      'javascript:alert(1)',
    ]) {
      expect(parse(bad).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['website', 'validation.error.url'],
      ]);
    }
  });

  it('E3.17 social profiles link as given or as a handle on their network', () => {
    expect(socialUrl('linkedin', 'acme')).toBe('https://www.linkedin.com/company/acme');
    expect(socialUrl('twitter', '@acme_hq')).toBe('https://x.com/acme_hq');
    expect(socialUrl('facebook', 'https://facebook.com/acme')).toBe('https://facebook.com/acme');
    expect(socialUrl('instagram', 'javascript:alert(1)')).toBeNull();
    expect(socialUrl('instagram', '')).toBeNull();
    expect(socialUrl('myspace', 'acme')).toBeNull();
    // An address typed without its scheme links as https; a handle with a dot stays a handle.
    expect(socialUrl('linkedin', 'linkedin.com/company/acme')).toBe('https://linkedin.com/company/acme');
    expect(socialUrl('instagram', 'acme.hq')).toBe('https://www.instagram.com/acme.hq');
    expect(socialUrl('facebook', 'admin:secret@facebook.com/acme')).toBeNull();
    expect(socialUrl('twitter', 'acme hq')).toBeNull();
  });

  it('E2.57 plays the first bvideo document: YouTube and Vimeo embedded, own files in a video', () => {
    const doc = (url: string, type = 'bvideo') => ({ name: 'Intro', url, type });
    expect(
      boothVideo([doc('https://acme.example/a.pdf', 'pdf'), doc('https://youtu.be/dQw4w9WgXcQ')]),
    ).toEqual({
      kind: 'iframe',
      src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    });
    expect(boothVideo([doc('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3')])?.src).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(boothVideo([doc('https://vimeo.com/76979871')])?.src).toBe(
      'https://player.vimeo.com/video/76979871',
    );
    expect(boothVideo([doc('/uploads/intro.mp4'), doc('https://youtu.be/dQw4w9WgXcQ')])).toEqual({
      kind: 'file',
      src: '/uploads/intro.mp4',
    });
    expect(boothVideo([doc('http://plain.example/v.mp4')])).toBeNull();
    expect(boothVideo([doc('javascript:alert(1)')])).toBeNull();
    expect(boothVideo([doc('https://acme.example/a.pdf', 'pdf')])).toBeNull();
  });
});
