import { exitOnBootFailure, runHttpService } from '../../shared/http/run-http-service';
import { createApp } from './app';

runHttpService('business-api', createApp).catch(exitOnBootFailure);
