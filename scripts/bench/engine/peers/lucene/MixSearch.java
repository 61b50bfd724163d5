import java.io.IOException;
import java.io.UncheckedIOException;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.document.DoublePoint;
import org.apache.lucene.facet.DrillDownQuery;
import org.apache.lucene.facet.DrillSideways;
import org.apache.lucene.facet.FacetResult;
import org.apache.lucene.facet.Facets;
import org.apache.lucene.facet.FacetsCollector;
import org.apache.lucene.facet.LabelAndValue;
import org.apache.lucene.facet.sortedset.DefaultSortedSetDocValuesReaderState;
import org.apache.lucene.facet.sortedset.SortedSetDocValuesFacetCounts;
import org.apache.lucene.facet.sortedset.SortedSetDocValuesReaderState;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MultiCollector;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopFieldCollector;

/**
 * Runs the bench's port requests (as JSON) on the Lucene index the way Elasticsearch does: BM25 text clauses,
 * filters, DrillSideways over sorted-set doc-values facets for disjunctive counts, doc-values sorts with exact totals,
 * and min/max of the price from doc values. Returns the request's total (suggest: hits + values), as the other peers do.
 */
final class MixSearch {
  private static final Map<String, Float> BOOSTS = Map.of("name", 4f, "brand", 2f, "description", 1f, "sku", 8f);
  private final IndexSearcher searcher;
  private final SortedSetDocValuesReaderState state;
  private final MixIndex index;
  private final Analyzer analyzer = MixIndex.analyzer();
  /** Market -> facet -> value -> count: memoised like the embedded engine's and Elasticsearch's request cache. */
  private final Map<String, Map<String, Map<String, Integer>>> marketCounts = new HashMap<>();
  /** Facet results are folded in here, so the JIT cannot drop the work that computed them. */
  long sink;

  MixSearch(DirectoryReader reader, MixIndex index) throws IOException {
    this.searcher = new IndexSearcher(reader);
    this.state = new DefaultSortedSetDocValuesReaderState(reader);
    this.index = index;
  }

  long run(Map<String, Object> request) {
    try {
      return request.containsKey("q") ? suggest(request) : search(request);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private long search(Map<String, Object> request) throws IOException {
    String market = (String) request.get("market");
    BooleanQuery.Builder base = new BooleanQuery.Builder().add(new TermQuery(new Term("market", market)), Occur.FILTER);
    String text = (String) request.get("text");
    boolean scored = text != null && !text.isBlank();
    if (scored) for (String word : text.split("\\s+")) base.add(wordQuery(word), Occur.MUST);
    List<Map<String, Object>> ranges = new ArrayList<>();
    List<Map<String, Object>> dims = new ArrayList<>();
    for (Object f : Json.array(request.get("filters"))) {
      Map<String, Object> filter = Json.object(f);
      if ("range".equals(filter.get("kind"))) ranges.add(filter);
      else dims.add(filter);
    }
    Query withoutRanges = base.build();
    for (Map<String, Object> range : ranges) base.add(rangeQuery(range), Occur.FILTER);
    DrillDownQuery query = drillDown(base.build(), dims);
    int page = ((Double) request.getOrDefault("page", 1d)).intValue();
    int size = ((Double) request.getOrDefault("pageSize", 24d)).intValue();
    TopFieldCollector top = TopFieldCollector.create(sort((String) request.get("sort"), market, scored), page * size, Integer.MAX_VALUE);
    List<PriceStats> inHits = new ArrayList<>();
    for (Object f : Json.array(request.get("facets"))) {
      Map<String, Object> facet = Json.object(f);
      String key = (String) facet.get("key");
      if ("range".equals(facet.get("kind")) && ranges.stream().noneMatch(r -> key.equals(r.get("key")))) inHits.add(new PriceStats(key));
    }
    DrillSideways.DrillSidewaysResult result = new DrillSideways(searcher, index.config, state).search(query, MultiCollector.wrap(withStats(top, inHits)));
    TopDocs docs = top.topDocs((page - 1) * size, size);
    long checksum = docs.scoreDocs.length;
    for (Object f : Json.array(request.get("facets"))) checksum += facet(Json.object(f), result.facets, withoutRanges, dims, ranges);
    sink += checksum;
    return docs.totalHits.value;
  }

  private static org.apache.lucene.search.Collector[] withStats(TopFieldCollector top, List<PriceStats> stats) {
    org.apache.lucene.search.Collector[] all = new org.apache.lucene.search.Collector[stats.size() + 1];
    all[0] = top;
    for (int i = 0; i < stats.size(); i++) all[i + 1] = stats.get(i);
    return all;
  }

  /** One facet's answer, consumed into a checksum so the JIT cannot drop the work. */
  private long facet(Map<String, Object> facet, Facets facets, Query withoutRanges, List<Map<String, Object>> dims, List<Map<String, Object>> ranges) throws IOException {
    String key = (String) facet.get("key");
    String kind = (String) facet.get("kind");
    if ("range".equals(kind)) {
      if (ranges.stream().noneMatch(r -> key.equals(r.get("key")))) return 0; // computed with the hits
      PriceStats stats = new PriceStats(key); // its own range filters relaxed, every other filter kept
      searcher.search(drillDown(withoutRanges, dims), stats);
      return stats.count;
    }
    int size = facet.get("size") instanceof Double ? ((Double) facet.get("size")).intValue() : dimSize(key);
    FacetResult result = facets.getTopChildren(Math.max(size, 1), key);
    return result == null ? 0 : result.childCount;
  }

  private int dimSize(String key) {
    SortedSetDocValuesReaderState.OrdRange range = state.getOrdRange(key);
    return range == null ? 1 : range.end - range.start + 1;
  }

  private DrillDownQuery drillDown(Query base, List<Map<String, Object>> dims) {
    DrillDownQuery query = new DrillDownQuery(index.config, base);
    for (Map<String, Object> filter : dims) {
      List<Object> values = Json.array(filter.containsKey("values") ? filter.get("values") : filter.get("paths"));
      for (Object value : values) query.add((String) filter.get("key"), (String) value);
    }
    return query;
  }

  private static Query rangeQuery(Map<String, Object> range) {
    double min = range.get("min") instanceof Double ? (Double) range.get("min") : Double.NEGATIVE_INFINITY;
    double max = range.get("max") instanceof Double ? (Double) range.get("max") : Double.POSITIVE_INFINITY;
    return DoublePoint.newRangeQuery((String) range.get("key"), min, max);
  }

  /** Every word must match in some field: a disjunction of the fields' BM25 scores, boosted like the embedded engine. */
  private Query wordQuery(String word) throws IOException {
    BooleanQuery.Builder fields = new BooleanQuery.Builder();
    for (Map.Entry<String, Float> field : BOOSTS.entrySet()) {
      for (String term : analyze(field.getKey(), word)) fields.add(new BoostQuery(new TermQuery(new Term(field.getKey(), term)), field.getValue()), Occur.SHOULD);
    }
    return fields.build();
  }

  private List<String> analyze(String field, String text) throws IOException {
    List<String> terms = new ArrayList<>();
    try (TokenStream stream = analyzer.tokenStream(field, text)) {
      CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
      stream.reset();
      while (stream.incrementToken()) terms.add(term.toString());
      stream.end();
    }
    return terms;
  }

  private static Sort sort(String sort, String market, boolean scored) {
    SortField id = new SortField("id", SortField.Type.STRING);
    if ("price_asc".equals(sort) || "price_desc".equals(sort)) {
      boolean desc = "price_desc".equals(sort);
      SortField price = new SortField("price." + market, SortField.Type.DOUBLE, desc);
      price.setMissingValue(desc ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY);
      return new Sort(price, id);
    }
    if (scored) return new Sort(SortField.FIELD_SCORE, id);
    return new Sort(new SortField("popularity", SortField.Type.DOUBLE, true), id);
  }

  private long suggest(Map<String, Object> request) throws IOException {
    String market = (String) request.get("market");
    String needle = fold(((String) request.get("q")).trim());
    BooleanQuery.Builder query = new BooleanQuery.Builder().add(new TermQuery(new Term("market", market)), Occur.FILTER);
    List<String> words = analyze("nameword", needle);
    for (String word : words) query.add(new PrefixQuery(new Term("nameword", word)), Occur.FILTER);
    int hits = words.isEmpty() ? 0 : searcher.search(query.build(), 5, sort("relevance", market, false)).scoreDocs.length;
    Map<String, Map<String, Integer>> counts = marketCounts.computeIfAbsent(market, this::countMarket);
    List<Object[]> values = new ArrayList<>();
    for (Object k : Json.array(request.get("facetKeys"))) {
      String key = (String) k;
      Map<String, String> labels = index.labels.getOrDefault(key, Map.of());
      for (Map.Entry<String, Integer> value : counts.getOrDefault(key, Map.of()).entrySet()) {
        if (fold(labels.getOrDefault(value.getKey(), value.getKey())).startsWith(needle)) values.add(new Object[] {key, value.getKey(), value.getValue()});
      }
    }
    values.sort((a, b) -> (Integer) b[2] - (Integer) a[2] != 0 ? (Integer) b[2] - (Integer) a[2] : (a[0] + "\u0000" + a[1]).compareTo(b[0] + "\u0000" + b[1]));
    return hits + Math.min(values.size(), 10);
  }

  private Map<String, Map<String, Integer>> countMarket(String market) {
    try {
      FacetsCollector collector = new FacetsCollector();
      searcher.search(new TermQuery(new Term("market", market)), collector);
      Facets facets = new SortedSetDocValuesFacetCounts(state, collector);
      Map<String, Map<String, Integer>> byKey = new HashMap<>();
      for (String key : MixIndex.FACETS) {
        FacetResult result = facets.getTopChildren(dimSize(key), key);
        Map<String, Integer> values = new HashMap<>();
        if (result != null) for (LabelAndValue lv : result.labelValues) values.put(lv.label, lv.value.intValue());
        byKey.put(key, values);
      }
      return byKey;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String fold(String text) {
    return Normalizer.normalize(text.toLowerCase(Locale.ROOT).replace("ß", "ss"), Normalizer.Form.NFD).replaceAll("\\p{M}+", "");
  }
}
