import '@/components/theme.css';
import { OptionsPage } from '@/components/options/OptionsPage';
import { WelcomePage } from '@/components/welcome/WelcomePage';
import { mountPage } from '@/components/mount-page';

// `#welcome`: the first run, which the background opens once when Pushgate is installed
// (entrypoints/background.ts). It lives in this page because it is made of this page's parts.
// Only the packages that share secrets have one (Pushgate Airport asks for nothing at install).
if (import.meta.env.PUSHGATE_SHARE && location.hash === '#welcome') mountPage('welcomeTitle', <WelcomePage />);
else mountPage('optionsHeading', <OptionsPage />);
