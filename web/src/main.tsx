import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@xyflow/react/dist/style.css';
import './app/theme.css';
import './app/app.css';
import './canvas/canvas.css';
import './canvas/nodes.css';
import { Root } from './app/root';

const container = document.getElementById('root');
if (!container) throw new Error('planvas: #root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
