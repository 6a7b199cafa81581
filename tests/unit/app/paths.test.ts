import { describe, expect, it } from 'vitest';
import {
  hashtagPathOf,
  profilePathOf,
  profileSectionOf,
  profileSectionPathOf,
} from '../../../src/paths';

describe('paths of people and tags', () => {
  it("someone's profile is /profile-page/{username}; one's own stays /profile-page", () => {
    expect(profilePathOf('maya_okafor')).toBe('/profile-page/maya_okafor');
    expect(profilePathOf('maya_okafor', 'guest')).toBe('/profile-page/maya_okafor');
    expect(profilePathOf('guest', 'guest')).toBe('/profile-page');
    // A username is a path segment: anything that could leave it is escaped.
    expect(profilePathOf('a/b?c#d')).toBe('/profile-page/a%2Fb%3Fc%23d');
  });

  it("a profile's sections are ?show=following / followers; anything else is its posts", () => {
    expect(profileSectionPathOf('/profile-page/maya', 'posts')).toBe('/profile-page/maya');
    expect(profileSectionPathOf('/profile-page', 'followers')).toBe('/profile-page?show=followers');
    expect(profileSectionOf('following')).toBe('following');
    expect(profileSectionOf('followers')).toBe('followers');
    expect(profileSectionOf(null)).toBe('posts');
    expect(profileSectionOf('Followers')).toBe('posts');
    expect(profileSectionOf('posts')).toBe('posts');
  });

  it('a hashtag filters Explore, with or without its #', () => {
    expect(hashtagPathOf('bread')).toBe('/explore-page?tag=bread');
    expect(hashtagPathOf('#bread')).toBe('/explore-page?tag=bread');
    expect(hashtagPathOf('café')).toBe('/explore-page?tag=caf%C3%A9');
  });
});
