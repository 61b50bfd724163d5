import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.miscellaneous.ASCIIFoldingFilter;
import org.apache.lucene.analysis.miscellaneous.PerFieldAnalyzerWrapper;
import org.apache.lucene.analysis.snowball.SnowballFilter;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.DoubleDocValuesField;
import org.apache.lucene.document.DoublePoint;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.facet.FacetsConfig;
import org.apache.lucene.facet.sortedset.SortedSetDocValuesFacetField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.BytesRef;
import org.tartarus.snowball.ext.EnglishStemmer;

/** Builds the Lucene index of the bench's documents (JSON lines), in the mix's language, as Elasticsearch would map them. */
final class MixIndex {
  static final String LANGUAGE = "en";
  static final String[] FACETS = {"brand", "colour", "size", "material", "category"};

  /** Key -> value -> label in the mix's language (suggest matches labels). */
  final Map<String, Map<String, String>> labels = new HashMap<>();
  final FacetsConfig config = new FacetsConfig();

  MixIndex() {
    for (String facet : FACETS) config.setMultiValued(facet, true);
  }

  /** Stemmed, folded words: name, brand, description (Snowball English, as the embedded engine stems). */
  static Analyzer text(boolean stem) {
    return new Analyzer() {
      @Override
      protected TokenStreamComponents createComponents(String field) {
        Tokenizer tokenizer = new StandardTokenizer();
        TokenStream stream = new ASCIIFoldingFilter(new LowerCaseFilter(tokenizer));
        if (stem) stream = new SnowballFilter(stream, new EnglishStemmer());
        return new TokenStreamComponents(tokenizer, stream);
      }
    };
  }

  static Analyzer analyzer() {
    Analyzer plain = text(false);
    return new PerFieldAnalyzerWrapper(text(true), Map.of("nameword", plain, "sku", plain));
  }

  void build(Path documents, Directory directory) throws IOException {
    IndexWriterConfig writerConfig = new IndexWriterConfig(analyzer()).setRAMBufferSizeMB(256);
    try (IndexWriter writer = new IndexWriter(directory, writerConfig); BufferedReader in = Files.newBufferedReader(documents, StandardCharsets.UTF_8)) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (!line.isEmpty()) writer.addDocument(config.build(document(Json.object(Json.parse(line)))));
      }
      writer.forceMerge(1);
      writer.commit();
    }
  }

  private Document document(Map<String, Object> json) {
    Document doc = new Document();
    String id = (String) json.get("id");
    doc.add(new StringField("id", id, Field.Store.YES));
    doc.add(new SortedDocValuesField("id", new BytesRef(id)));
    for (Object market : Json.array(json.get("markets"))) doc.add(new StringField("market", (String) market, Field.Store.NO));
    Map<String, Object> text = Json.object(Json.object(json.get("text")).get(LANGUAGE));
    for (String field : List.of("name", "brand", "description")) doc.add(new TextField(field, String.valueOf(text.getOrDefault(field, "")), Field.Store.NO));
    doc.add(new TextField("nameword", String.valueOf(text.getOrDefault("name", "")), Field.Store.NO));
    for (Object sku : Json.array(json.get("skus"))) doc.add(new TextField("sku", (String) sku, Field.Store.NO));
    Map<String, Object> facets = Json.object(json.get("facets"));
    for (String facet : FACETS) for (Object value : Json.array(facets.get(facet))) doc.add(new SortedSetDocValuesFacetField(facet, (String) value));
    for (Map.Entry<String, Object> number : Json.object(json.get("numbers")).entrySet()) {
      if (!number.getKey().startsWith("price.")) continue;
      double value = (Double) number.getValue();
      doc.add(new DoublePoint(number.getKey(), value));
      doc.add(new DoubleDocValuesField(number.getKey(), value));
    }
    Object popularity = json.get("popularity");
    doc.add(new DoubleDocValuesField("popularity", popularity instanceof Double ? (Double) popularity : 0));
    collectLabels(Json.object(json.get("labels")));
    return doc;
  }

  private void collectLabels(Map<String, Object> byKey) {
    for (Map.Entry<String, Object> key : byKey.entrySet()) {
      Map<String, String> values = labels.computeIfAbsent(key.getKey(), k -> new HashMap<>());
      for (Map.Entry<String, Object> value : Json.object(key.getValue()).entrySet()) {
        Object label = Json.object(value.getValue()).get(LANGUAGE);
        values.putIfAbsent(value.getKey(), label instanceof String ? (String) label : value.getKey());
      }
    }
  }
}
