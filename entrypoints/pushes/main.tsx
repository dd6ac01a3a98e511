import '@/components/theme.css';
import '@/components/pushes/pushes.css';
import { PushesApp } from '@/components/pushes/PushesApp';
import { mountPage } from '@/components/mount-page';

mountPage('pushesTitle', <PushesApp />);
