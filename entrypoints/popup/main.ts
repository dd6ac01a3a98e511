import './style.css';
import { startPopup } from '@/components/popup/popup-start';

// index.html's <title>__MSG_extName__</title> is for WXT, which copies it into the manifest's
// action.default_title (the toolbar tooltip, where __MSG_ is translated); the page's own title
// comes from the same message in startPopup.
void startPopup();
