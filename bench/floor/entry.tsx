// The floor of the bundle: the runtime libraries the first view needs, rendering nothing.
import { configureStore } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import Cookies from 'js-cookie';
import moment from 'moment-timezone';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { Router } from 'react-router-dom';

const keep = [
  configureStore,
  createApi,
  fetchBaseQuery,
  Cookies,
  moment,
  IntlProvider,
  Provider,
  Router,
];
(window as unknown as { floor: unknown }).floor = keep;
createRoot(document.createElement('div'));
