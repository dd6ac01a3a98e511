// First: starts reading the settings and the saved board while the rest of the code loads.
import './read-early';
import '@/components/theme.css';
import { SidePanelApp } from '@/components/airport/SidePanelApp';
import { mountPage } from '@/components/mount-page';

mountPage('sidepanelTitle', <SidePanelApp />);
