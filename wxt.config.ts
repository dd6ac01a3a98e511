import { defineConfig } from 'wxt';

// `npm run build:test` sets this: the e2e suite, `npm start` and outside acceptance runs talk to
// local reference servers on loopback and must not stop at a permission prompt. The store build
// never grants any host at install; it asks for one origin at a time on the options page.
const grantLoopback = process.env.PUSHGATE_TEST_HOSTS === '1';
const loopback = ['http://127.0.0.1/*', 'http://localhost/*'];

export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  imports: false,
  manifest: ({ browser }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    permissions: [
      'storage',
      'contextMenus',
      'scripting',
      'activeTab',
      'clipboardWrite',
      'notifications',
      ...(browser === 'firefox' ? [] : ['offscreen']),
    ],
    host_permissions: grantLoopback ? loopback : [],
    optional_host_permissions: ['https://*/*', ...loopback],
    commands: {
      'push-selection': {
        suggested_key: { default: 'Alt+Shift+P' },
        description: '__MSG_commandPushSelection__',
      },
    },
    ...(browser === 'firefox' && {
      browser_specific_settings: {
        gecko: { id: 'pushgate@pushgate.dev', data_collection_permissions: { required: ['none'] } },
      },
    }),
  }),
});
