import { EmbeddedSearchEngine } from '../../../../../shared/search/embedded/lifecycle/embedded-engine';
import { runSearchEngineContract } from '../contract/engine-contract';

runSearchEngineContract('embedded', async () => new EmbeddedSearchEngine());
