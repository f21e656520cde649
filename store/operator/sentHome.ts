import { createAction } from '@reduxjs/toolkit';

/** The console sent someone not an operator home: the notice (in the first load) says why. */
export const operatorSentHome = createAction('operator/sentHome');
