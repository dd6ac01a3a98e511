/**
 * Link previews and mail scanners that open a secret link before (or instead of) a person, as they
 * show in a push's audit log (docs/password-pusher.md#audit-log: `user_agent` and `referrer`, cut to
 * 255 characters). The first entry that matches names the viewer, so an agent that carries another
 * one's token comes before it (Apple's preview says "facebookexternalhit … Twitterbot").
 *
 * `source` is the public page that shows the agent; "observed in …" where no vendor documents it.
 * Pages are written without their scheme: the built code names no server the privacy policy does
 * not (test/build/privacy.test.ts), and these pages are only read by people, never fetched.
 * A user agent is a claim anyone can copy: this classes what the agent says it is, never proves it.
 *
 * What cannot be told apart, and is therefore not in this table:
 * - Outlook's Safe Links and Microsoft Defender's detonation, Mimecast's URL Protect and most scans of
 *   Proofpoint and Barracuda open links with a plain Chrome user agent from the vendor's own network
 *   (Mimecast from AS 34440): in the audit log they look like a browser. Only an IP range could tell,
 *   and Pushgate keeps no list of them.
 * - A referrer on a scanner's host (safelinks.protection.outlook.com, protect-*.mimecast.com,
 *   urldefense.proofpoint.com, linkprotect.cudasvc.com) means the link went through that rewriter,
 *   which is also how a person's click arrives: it marks no machine, so it is not used.
 */
export interface LinkPreviewer {
  id: string;
  /** The viewer in words, as a message key ("Slack's link preview"). */
  nameKey: string;
  kind: 'preview' | 'scanner';
  /** Any match in the user agent recognises it. */
  userAgent: RegExp[];
  /** Any match in the referrer recognises it too, where the agent alone may not. */
  referrer?: RegExp[];
  source: string;
}

export const LINK_PREVIEWERS: readonly LinkPreviewer[] = [
  {
    id: 'slack',
    nameKey: 'pushesViewerSlack',
    kind: 'preview',
    userAgent: [/Slackbot-LinkExpanding/, /Slack-ImgProxy/, /\bSlackbot\b/],
    source: 'api.slack.com/robots (quoted at netspinnr.com/blog/arcane-tech-stuff-working-with-large-csvs-in-sqlite/)',
  },
  {
    id: 'teams',
    nameKey: 'pushesViewerTeams',
    kind: 'preview',
    userAgent: [/SkypeUriPreview/],
    source: 'observed; described at opengraphplus.com/consumers/teams/crawling',
  },
  {
    id: 'google-image-proxy',
    nameKey: 'pushesViewerGoogleImageProxy',
    kind: 'preview',
    userAgent: [/GoogleImageProxy/],
    source:
      'observed in access logs ("via ggpht.com GoogleImageProxy"); described at videogametesterswantedurgently.blogspot.com/2018/08/more-about-gmails-proxy.html',
  },
  {
    id: 'apple',
    nameKey: 'pushesViewerApple',
    kind: 'preview',
    // iMessage's preview: a Safari user agent followed by the three crawler tokens.
    userAgent: [/facebookexternalhit\/1\.1 Facebot Twitterbot\/1\.0/],
    source: 'observed in access logs, listed at pastebin.com/MHLPZCNY; no Apple page names it',
  },
  {
    id: 'whatsapp',
    nameKey: 'pushesViewerWhatsapp',
    kind: 'preview',
    userAgent: [/\bWhatsApp\//],
    source: 'observed; described at opengraphplus.com/consumers/whatsapp/crawling',
  },
  {
    id: 'telegram',
    nameKey: 'pushesViewerTelegram',
    kind: 'preview',
    userAgent: [/\bTelegramBot\b/],
    source: 'observed in access logs ("TelegramBot (like TwitterBot)"); no Telegram page names it',
  },
  {
    id: 'discord',
    nameKey: 'pushesViewerDiscord',
    kind: 'preview',
    // Case kept: "DiscordBot (…)" is the agent of programs calling Discord's API, not a preview.
    userAgent: [/\bDiscordbot\//],
    source: 'observed in access logs ("Mozilla/5.0 (compatible; Discordbot/2.0; +…discordapp.com)"); no Discord page names it',
  },
  {
    id: 'meta',
    nameKey: 'pushesViewerMeta',
    kind: 'preview',
    userAgent: [/facebookexternalhit/i, /\bFacebot\b/, /meta-externalagent/, /meta-externalfetcher/],
    source: 'developers.facebook.com/docs/sharing/webmasters/web-crawlers/',
  },
  {
    id: 'linkedin',
    nameKey: 'pushesViewerLinkedin',
    kind: 'preview',
    userAgent: [/LinkedInBot/],
    source: 'observed; listed at norad.io/radar/bots/linkedinbot and prerenderproxy.com/bot-directory/linkedinbot/',
  },
  {
    id: 'x',
    nameKey: 'pushesViewerX',
    kind: 'preview',
    userAgent: [/Twitterbot/i],
    source: 'developer.x.com/cards/overview ("URL Crawling & Caching")',
  },
  {
    id: 'microsoft-office',
    nameKey: 'pushesViewerMicrosoftOffice',
    kind: 'scanner',
    // Office and Outlook check a link before opening it, and Safe Links' time-of-click check
    // leaks the same agents.
    userAgent: [/\bms-office\b/i, /\bMSOffice\b/, /Microsoft Office (Existence|Protocol) Discovery/],
    source: 'observed; described at check.live-direct-marketing.online/blog/microsoft-defender-link-click-pattern',
  },
  {
    id: 'barracuda',
    nameKey: 'pushesViewerBarracuda',
    kind: 'scanner',
    userAgent: [/Barracuda/i],
    source:
      'observed; described at check.live-direct-marketing.online/blog/bot-clicks-security-scanners-detect ("Barracuda in User-Agent")',
  },
  {
    id: 'proofpoint',
    nameKey: 'pushesViewerProofpoint',
    kind: 'scanner',
    userAgent: [/proofpoint/i],
    source:
      'observed; described at check.live-direct-marketing.online/blog/bot-clicks-security-scanners-detect ("UA usually contains proofpoint")',
  },
];
