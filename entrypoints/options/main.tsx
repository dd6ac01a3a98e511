import { render } from 'preact';

render(<p>Pushgate</p>, document.getElementById('app')!);
