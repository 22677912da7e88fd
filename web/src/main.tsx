import { startApp } from './app/start';
import './styles/global.css';

// The entry stays this small: what it runs is in the app shell (web/src/app/start.tsx).
await startApp(document.getElementById('root')!);
