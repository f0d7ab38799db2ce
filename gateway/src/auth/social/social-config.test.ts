import { describe, expect, it } from 'vitest';
import { readSocialProviders } from './social-config.ts';

describe('readSocialProviders', () => {
  it('offers a provider only when both its client id and secret are set, in display order', () => {
    expect(readSocialProviders({})).toEqual([]);
    const providers = readSocialProviders({
      TWITTER_CLIENT_ID: 'x',
      TWITTER_CLIENT_SECRET: 'xs',
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
    });
    expect(providers.map((p) => [p.id, p.name])).toEqual([
      ['google', 'Google'],
      ['twitter', 'X'],
    ]);
    expect(providers[0]).toMatchObject({ issuer: 'https://accounts.google.com' });
    expect(providers[1]).toMatchObject({
      authorizationEndpoint: 'https://x.com/i/oauth2/authorize',
      tokenEndpoint: 'https://api.x.com/2/oauth2/token',
      apiUrl: 'https://api.x.com',
    });
  });

  it('takes endpoint overrides, https or loopback http only', () => {
    const [github] = readSocialProviders({
      GITHUB_CLIENT_ID: 'id',
      GITHUB_CLIENT_SECRET: 'secret',
      GITHUB_AUTHORIZATION_URL: 'https://github.example.com/login/oauth/authorize',
      GITHUB_TOKEN_URL: 'http://127.0.0.1:9999/login/oauth/access_token',
      GITHUB_API_URL: 'https://github.example.com/api/v3/',
    });
    expect(github).toMatchObject({
      authorizationEndpoint: 'https://github.example.com/login/oauth/authorize',
      tokenEndpoint: 'http://127.0.0.1:9999/login/oauth/access_token',
      apiUrl: 'https://github.example.com/api/v3',
    });
    // A client secret must never cross a network in the clear.
    expect(() =>
      readSocialProviders({
        GOOGLE_CLIENT_ID: 'g',
        GOOGLE_CLIENT_SECRET: 's',
        GOOGLE_ISSUER: 'http://idp.example',
      }),
    ).toThrow(/GOOGLE_ISSUER: must be https/);
  });

  it('names every half-configured provider in one error', () => {
    expect(() => readSocialProviders({ GITHUB_CLIENT_ID: 'id', FACEBOOK_CLIENT_SECRET: 'secret' })).toThrow(
      /GITHUB_CLIENT_SECRET[\s\S]*FACEBOOK_CLIENT_ID/,
    );
  });
});
