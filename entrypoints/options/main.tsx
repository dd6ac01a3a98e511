import '@/components/theme.css';
import { OptionsPage } from '@/components/options/OptionsPage';
import { mountPage } from '@/components/mount-page';

mountPage('optionsHeading', <OptionsPage />);
