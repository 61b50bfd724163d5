import { exitOnBootFailure, runHttpService } from '../../shared/http/run-http-service';
import { createApp } from './app';

runHttpService('storefront-api', createApp).catch(exitOnBootFailure);
