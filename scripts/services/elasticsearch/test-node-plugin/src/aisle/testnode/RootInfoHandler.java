package aisle.testnode;

import org.apache.lucene.util.Version;
import org.elasticsearch.Build;
import org.elasticsearch.client.internal.node.NodeClient;
import org.elasticsearch.cluster.ClusterName;
import org.elasticsearch.common.bytes.BytesArray;
import org.elasticsearch.common.settings.Settings;
import org.elasticsearch.node.Node;
import org.elasticsearch.rest.BaseRestHandler;
import org.elasticsearch.rest.RestRequest;
import org.elasticsearch.rest.RestResponse;
import org.elasticsearch.rest.RestStatus;
import org.elasticsearch.xcontent.XContentBuilder;

import java.util.List;

/** `GET /` (what the client's info() and version probe read) and `HEAD /` (ping), answered from this node. */
final class RootInfoHandler extends BaseRestHandler {
    private final String nodeName;
    private final String clusterName;

    RootInfoHandler(Settings settings) {
        this.nodeName = Node.NODE_NAME_SETTING.get(settings);
        this.clusterName = ClusterName.CLUSTER_NAME_SETTING.get(settings).value();
    }

    @Override
    public String getName() {
        return "aisle_test_node_root";
    }

    @Override
    public List<Route> routes() {
        return List.of(new Route(RestRequest.Method.GET, "/"), new Route(RestRequest.Method.HEAD, "/"));
    }

    @Override
    protected RestChannelConsumer prepareRequest(RestRequest request, NodeClient client) {
        if (request.method() == RestRequest.Method.HEAD) {
            return channel -> channel.sendResponse(new RestResponse(RestStatus.OK, RestResponse.TEXT_CONTENT_TYPE, BytesArray.EMPTY));
        }
        return channel -> {
            Build build = Build.current();
            XContentBuilder body = channel.newBuilder();
            body.startObject().field("name", nodeName).field("cluster_name", clusterName);
            body.startObject("version")
                .field("number", build.qualifiedVersion())
                .field("build_flavor", build.flavor())
                .field("build_type", build.type().displayName())
                .field("build_hash", build.hash())
                .field("build_date", build.date())
                .field("build_snapshot", build.isSnapshot())
                .field("lucene_version", Version.LATEST.toString())
                .field("minimum_wire_compatibility_version", build.minWireCompatVersion())
                .field("minimum_index_compatibility_version", build.minIndexCompatVersion())
                .endObject();
            body.field("tagline", "You Know, for Search").endObject();
            channel.sendResponse(new RestResponse(RestStatus.OK, body));
        };
    }
}
