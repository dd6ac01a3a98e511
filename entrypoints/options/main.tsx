import '@/components/theme.css';
import { OptionsPage } from '@/components/options/OptionsPage';
import { WelcomePage } from '@/components/welcome/WelcomePage';
import { mountPage } from '@/components/mount-page';

// `#welcome`: the first run, which the background opens once when Pushgate is installed
// (entrypoints/background.ts). It lives in this page because it is made of this page's parts.
if (location.hash === '#welcome') mountPage('welcomeTitle', <WelcomePage />);
else mountPage('optionsHeading', <OptionsPage />);
