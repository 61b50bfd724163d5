import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_ELASTICSEARCH_VERSION,
  minJavaFor,
  pluginDescriptor,
} from '../../../../scripts/services/elasticsearch-distribution';
import { nodeSettings } from '../../../../scripts/services/elasticsearch';
import { javaMajor } from '../../../../scripts/services/java-home';
import { projectRoot } from '../../../../scripts/services/paths';

describe('Elasticsearch provisioning', () => {
  it('reads the feature version of a JDK release file, old and new numbering', () => {
    expect(javaMajor('IMPLEMENTOR="Eclipse Adoptium"\nJAVA_VERSION="25.0.3"\n')).toBe(25);
    expect(javaMajor('JAVA_VERSION="17.0.15"')).toBe(17);
    expect(javaMajor('JAVA_VERSION="21"')).toBe(21);
    expect(javaMajor('JAVA_VERSION="1.8.0_402"')).toBe(8);
    expect(javaMajor('JAVA_RUNTIME_VERSION="21"')).toBeNull();
    expect(javaMajor('')).toBeNull();
  });

  it('asks for JDK 17 for 8.x and JDK 21 from 9.0', () => {
    expect(minJavaFor('8.19.21')).toBe(17);
    expect(minJavaFor('9.0.0')).toBe(21);
    expect(minJavaFor('10.1.0')).toBe(21);
  });

  it('starts one loopback node without security, its data per version under the node directory', () => {
    expect(nodeSettings({ port: 9250, transportPort: 9350, nodeDir: '/d/node', version: '8.19.21' })).toEqual([
      'cluster.name=aisle',
      'node.name=aisle-test',
      'discovery.type=single-node',
      'network.host=127.0.0.1',
      'http.port=9250',
      'transport.port=9350',
      'path.data=/d/node/data-8.19.21',
      'path.logs=/d/node/logs',
      'xpack.security.enabled=false',
      'cluster.routing.allocation.disk.threshold_enabled=false',
    ]);
  });

  it('describes the test-node plugin for the node version it is built against', () => {
    const descriptor = pluginDescriptor('8.19.21');
    expect(descriptor).toContain('elasticsearch.version=8.19.21\n');
    expect(descriptor).toContain('classname=aisle.testnode.TestNodePlugin\n');
  });

  it('runs docker-compose on the version the tests run on', () => {
    const compose = readFileSync(path.join(projectRoot, 'docker-compose.yml'), 'utf8');
    expect(/image: docker\.elastic\.co\/elasticsearch\/elasticsearch:(\S+)/.exec(compose)?.[1]).toBe(
      DEFAULT_ELASTICSEARCH_VERSION,
    );
  });
});
